import { useReducer, useState, type FormEvent } from 'react';
import { messages, siteMessages } from '@urok/contract';
import { Button } from '../../components/ui/button';
import { TextField, controlProps } from '../../components/ui/fields';
import { useFieldValues } from '../../lib/form-controls';
import { useDocumentTitle } from '../../lib/document-title';
import { initialGradingRows } from './grading-data';
import { addCourseName, canLock, gradingReducer, type GradingRow } from './grading-rows';

/** /test: the demo teacher grading page (spec section 2); nothing leaves the page. */
export function GradingDemoPage() {
  useDocumentTitle(messages.pageTest);
  const [rows, dispatch] = useReducer(gradingReducer, undefined, () => initialGradingRows());

  return (
    <section className="mx-auto w-full max-w-4xl space-y-8 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {messages.pageTest}
          </h1>
          <p className="text-sm text-slate-600">{siteMessages.gradingLead}</p>
        </div>
        {/* The demo's own logout: it only shows an alert (spec section 2). */}
        <Button variant="secondary" onClick={() => window.alert(siteMessages.gradingLogoutAlert)}>
          {siteMessages.gradingLogout}
        </Button>
      </div>

      <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="px-5 pt-4 text-left text-base font-semibold text-slate-900">
            {siteMessages.gradingTableCaption}
          </caption>
          <thead className="text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-5 py-3">
                {siteMessages.gradingStudent}
              </th>
              <th scope="col" className="px-5 py-3">
                {siteMessages.gradingTopic}
              </th>
              <th scope="col" className="px-5 py-3">
                {siteMessages.gradingGrade}
              </th>
              <th scope="col" className="px-5 py-3">
                {siteMessages.gradingAction}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <GradingRowView
                key={row.id}
                row={row}
                onGrade={(grade) => dispatch({ type: 'setGrade', id: row.id, grade })}
                onLock={() => dispatch({ type: 'lock', id: row.id })}
              />
            ))}
          </tbody>
        </table>
      </div>

      <CourseUploads />
    </section>
  );
}

interface GradingRowViewProps {
  row: GradingRow;
  onGrade: (grade: string) => void;
  onLock: () => void;
}

function GradingRowView({ row, onGrade, onLock }: GradingRowViewProps) {
  const [blankTried, setBlankTried] = useState(false);
  const showBlank = blankTried && !row.locked && row.grade.trim() === '';
  const grade = controlProps({
    id: `grade-${row.id}`,
    name: 'grade',
    value: row.grade,
    onChange: (event) => {
      setBlankTried(false);
      onGrade(event.target.value);
    },
    error: showBlank ? siteMessages.gradingBlank : undefined,
    describedBy: undefined,
  });

  const lock = () => {
    if (!canLock(row)) {
      setBlankTried(true);
      return;
    }
    onLock();
  };

  return (
    <tr className="align-top">
      <th scope="row" className="px-5 py-4 font-semibold text-slate-900">
        {row.student}
      </th>
      <td className="px-5 py-4 text-slate-700">{row.topic}</td>
      <td className="px-5 py-4">
        <label htmlFor={grade.id} className="sr-only">
          {siteMessages.gradingGradeFor(row.student)}
        </label>
        <input
          {...grade}
          maxLength={10}
          readOnly={row.locked}
          onKeyDown={(event) => {
            if (event.key === 'Enter') lock();
          }}
          className={`w-24 rounded-lg border px-3 py-2 text-base shadow-sm focus:outline-none focus:ring-2 sm:text-sm ${row.locked ? 'border-slate-200 bg-slate-100 text-slate-700' : showBlank ? 'border-red-600 focus:ring-red-600/30' : 'border-slate-300 focus:border-indigo-600 focus:ring-indigo-600/30'}`}
        />
        {showBlank && (
          <p id={`${grade.id}-error`} className="mt-1 text-xs text-red-700">
            {siteMessages.gradingBlank}
          </p>
        )}
      </td>
      <td className="px-5 py-4">
        {row.locked ? (
          <span className="inline-flex min-h-11 items-center rounded-lg bg-emerald-50 px-3 text-sm font-semibold text-emerald-800">
            {siteMessages.gradingLocked}
          </span>
        ) : (
          <Button onClick={lock}>{messages.gradeAction}</Button>
        )}
      </td>
    </tr>
  );
}

function CourseUploads() {
  const [names, setNames] = useState<string[]>([]);
  const { values, setValues, bind } = useFieldValues({ name: '' });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNames((current) => addCourseName(current, values.name));
    setValues({ name: '' });
  };

  return (
    <section
      aria-labelledby="grading-uploads"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="grading-uploads" className="text-lg font-semibold text-slate-900">
        {siteMessages.gradingUploadsHeading}
      </h2>
      <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <TextField
            id="grading-course-name"
            label={siteMessages.gradingCourseName}
            maxLength={120}
            {...bind('name')}
          />
        </div>
        <Button type="submit">{siteMessages.gradingAddCourse}</Button>
      </form>
      {names.length === 0 ? (
        <p className="text-sm text-slate-600">{siteMessages.gradingUploadsEmpty}</p>
      ) : (
        <ul
          aria-labelledby="grading-uploads"
          className="list-inside list-disc space-y-1 text-sm text-slate-800"
        >
          {names.map((name, index) => (
            <li key={`${index}-${name}`}>{name}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
