/**
 * A quiz's statistics for its author: the score distribution as bars with
 * their counts written beside them (readable at a glance, and by a screen
 * reader as a list), the summary numbers, and each question's facility,
 * discrimination and answers, the questions worth a second look marked.
 */
import { messages } from '@urok/contract';
import { failureMessage } from '../../lib/api';
import { formatDecimal } from '../../lib/format';
import { useQuizStatisticsQuery } from './quizzes-api';

const number = (value: number | null, digits = 2) =>
  value === null ? messages.statsNone2 : formatDecimal(value, digits);

export function QuizStatisticsView({ quizId }: { quizId: string }) {
  const stats = useQuizStatisticsQuery(quizId);
  return (
    <section aria-labelledby="stats-heading" className="space-y-4">
      <h2 id="stats-heading" className="text-lg font-semibold text-slate-900">
        {messages.statsHeading}
      </h2>
      {stats.error && (
        <p role="alert" className="text-sm text-red-800">
          {failureMessage(stats.error, messages.quizLoadFailed)}
        </p>
      )}
      {stats.data && stats.data.attempts === 0 && (
        <p className="text-slate-700">{messages.statsNone}</p>
      )}
      {stats.data && stats.data.attempts > 0 && (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            {(
              [
                [messages.statsAttempts, String(stats.data.attempts)],
                [messages.statsMean, number(stats.data.mean)],
                [messages.statsMedian, number(stats.data.median)],
                [messages.statsStdev, number(stats.data.stdev)],
                [messages.statsAlpha, number(stats.data.alpha)],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-lg border border-slate-200 bg-white p-3">
                <dt className="text-xs text-slate-600">{label}</dt>
                <dd className="text-xl font-semibold tabular-nums text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <figure className="rounded-xl border border-slate-200 bg-white p-4">
            <figcaption className="mb-3 text-sm font-semibold text-slate-800">
              {messages.statsHistogram}
            </figcaption>
            <ul className="space-y-1.5" data-testid="histogram">
              {stats.data.histogram.map((band) => {
                const peak = Math.max(1, ...stats.data!.histogram.map((b) => b.count));
                return (
                  <li
                    key={band.from}
                    className="grid grid-cols-[6.5rem_1fr_2rem] items-center gap-2 text-sm"
                  >
                    <span className="tabular-nums text-slate-700">
                      {number(band.from, 1)}–{number(band.to, 1)}
                    </span>
                    <span className="h-5 rounded bg-slate-100" aria-hidden="true">
                      <span
                        className="block h-5 rounded bg-indigo-600"
                        style={{ width: `${(band.count / peak) * 100}%` }}
                      />
                    </span>
                    <span className="tabular-nums font-semibold text-slate-900">
                      <span className="sr-only">
                        {messages.statsBand(band.from, band.to, band.count)}
                      </span>
                      <span aria-hidden="true">{band.count}</span>
                    </span>
                  </li>
                );
              })}
            </ul>
          </figure>
          <div
            className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
            tabIndex={0}
            role="region"
            aria-labelledby="stats-heading"
          >
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {messages.statsQuestion}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {messages.statsFacility}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {messages.statsDiscrimination}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {messages.statsAnswers}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {stats.data.questions.map((question) => (
                  <tr key={question.questionId} className={question.flagged ? 'bg-amber-50' : ''}>
                    <th scope="row" className="px-3 py-2 font-normal text-slate-900">
                      <span className="block break-words">{question.title}</span>
                      <span className="text-xs text-slate-600">
                        {messages.quizKindNames[question.kind]}
                      </span>
                      {question.flagged && (
                        <span className="mt-1 block w-fit rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-950">
                          ⚑ {messages.statsFlagged}
                        </span>
                      )}
                    </th>
                    <td className="px-3 py-2 tabular-nums">{number(question.facility)}</td>
                    <td className="px-3 py-2 tabular-nums">{number(question.discrimination)}</td>
                    <td className="px-3 py-2">
                      <ul className="space-y-0.5">
                        {question.answers.slice(0, 6).map((answer) => (
                          <li key={answer.answer} className="break-words">
                            {answer.answer}: <span className="tabular-nums">{answer.count}</span>
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
