import { useId } from 'react';
import { adminMessages, formatDate } from '@urok/contract';

const WIDTH = 600;
const HEIGHT = 160;
const GAP = 4;

const dayLabel = (day: string) =>
  formatDate(`${day}T00:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * Submissions per day as an SVG bar chart: an image with a title and a
 * description for screen readers, each bar naming its day and count, and
 * the numbers in a table for whoever wants them exactly.
 */
export function SubmissionsChart({ days }: { days: { day: string; count: number }[] }) {
  const id = useId();
  const max = Math.max(1, ...days.map((d) => d.count));
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const barWidth = days.length > 0 ? WIDTH / days.length - GAP : 0;
  return (
    <figure className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption id={`${id}-title`} className="font-semibold text-slate-900">
        {adminMessages.chartTitle}
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 20}`}
        className="h-auto w-full"
      >
        <desc id={`${id}-desc`}>
          {adminMessages.chartDescription(total, max === 1 && total === 0 ? 0 : max)}
        </desc>
        <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="stroke-slate-300" />
        {days.map((d, index) => {
          const height = (d.count / max) * (HEIGHT - 10);
          return (
            <rect
              key={d.day}
              x={index * (barWidth + GAP) + GAP / 2}
              y={HEIGHT - height}
              width={barWidth}
              height={Math.max(height, d.count > 0 ? 2 : 0)}
              rx={2}
              className="fill-indigo-600"
            >
              <title>{adminMessages.chartBar(dayLabel(d.day), d.count)}</title>
            </rect>
          );
        })}
        {days.length > 0 && (
          <>
            <text x={0} y={HEIGHT + 16} className="fill-slate-600 text-[11px]">
              {dayLabel(days[0]!.day)}
            </text>
            <text x={WIDTH} y={HEIGHT + 16} textAnchor="end" className="fill-slate-600 text-[11px]">
              {dayLabel(days.at(-1)!.day)}
            </text>
          </>
        )}
      </svg>
      <details className="text-sm text-slate-700">
        <summary className="cursor-pointer">{adminMessages.chartTable}</summary>
        <table className="mt-2">
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row" className="pr-4 text-left font-normal">
                  {dayLabel(d.day)}
                </th>
                <td className="text-right">{d.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
