import { useEffect, useState } from 'react';
import { messages, siteMessages } from '@urok/contract';
import { useDocumentTitle } from '../../lib/document-title';
import type { DemoJob } from './vacancy-data';
import {
  addTag,
  clearTags,
  EMPTY_FILTER,
  filterJobs,
  jobTags,
  removeTag,
  type TagFilter,
} from './vacancy-filter';

/** The hardcoded jobs, loaded on demand (no network): the list is empty until they arrive. */
export function loadDemoJobs(): Promise<DemoJob[]> {
  return import('./vacancy-data').then((module) => module.DEMO_JOBS);
}

interface VacancyListPageProps {
  /** Where the jobs come from; tests hand in their own. */
  loadJobs?: () => Promise<DemoJob[]>;
}

/** /vacancylist: the demo job board with its OR tag filter (spec section 2). */
export function VacancyListPage({ loadJobs = loadDemoJobs }: VacancyListPageProps) {
  useDocumentTitle(messages.pageVacancies);
  const [jobs, setJobs] = useState<DemoJob[]>([]);
  const [filter, setFilter] = useState<TagFilter>(EMPTY_FILTER);

  useEffect(() => {
    let active = true;
    void loadJobs().then((loaded) => {
      if (active) setJobs(loaded);
    });
    return () => {
      active = false;
    };
  }, [loadJobs]);

  const shown = filterJobs(jobs, filter);

  return (
    <section className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {messages.pageVacancies}
        </h1>
        <p className="text-sm text-slate-600">{siteMessages.vacanciesLead}</p>
      </div>

      {filter.length > 0 && (
        <section
          aria-label={siteMessages.vacancyFilters}
          className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <ul className="flex flex-1 flex-wrap gap-2">
            {filter.map((tag) => (
              <li key={tag}>
                <button
                  type="button"
                  aria-label={siteMessages.removeFilter(tag)}
                  onClick={() => setFilter((current) => removeTag(current, tag))}
                  className="inline-flex min-h-9 items-center gap-2 rounded-md bg-teal-50 pl-3 text-sm font-semibold text-teal-800 hover:bg-teal-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
                >
                  {tag}
                  <span
                    aria-hidden="true"
                    className="flex h-9 w-8 items-center justify-center rounded-r-md bg-teal-700 text-white"
                  >
                    ×
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => setFilter(clearTags())}
            className="min-h-9 rounded-md px-3 text-sm font-semibold text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700"
          >
            {siteMessages.clearFilters}
          </button>
        </section>
      )}

      {jobs.length === 0 ? (
        <p
          role="status"
          className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-600"
        >
          {messages.jobsFetching}
        </p>
      ) : (
        <>
          <p role="status" className="text-sm text-slate-600">
            {siteMessages.vacancyCount(shown.length, jobs.length)}
          </p>
          <ul className="space-y-5">
            {shown.map((job) => (
              <li key={job.id}>
                <JobCard
                  job={job}
                  selected={filter}
                  onTag={(tag) => setFilter((current) => addTag(current, tag))}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

interface JobCardProps {
  job: DemoJob;
  selected: TagFilter;
  onTag: (tag: string) => void;
}

function JobCard({ job, selected, onTag }: JobCardProps) {
  const headingId = `job-${job.id}-position`;
  return (
    <article
      aria-labelledby={headingId}
      className={`flex flex-col gap-4 rounded-xl border bg-white p-5 shadow-sm md:flex-row md:items-center ${job.featured ? 'border-l-4 border-l-teal-700 border-slate-200' : 'border-slate-200'}`}
    >
      <img
        src={job.logo}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        decoding="async"
        className="size-12 shrink-0 rounded-full"
      />
      <div className="min-w-0 flex-1 space-y-1.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-teal-800">
          {job.company}
          {job.isNew && (
            <span className="rounded-full bg-teal-700 px-2 py-0.5 text-xs font-bold uppercase text-white">
              {siteMessages.vacancyNew}
            </span>
          )}
          {job.featured && (
            <span className="rounded-full bg-slate-800 px-2 py-0.5 text-xs font-bold uppercase text-white">
              {siteMessages.vacancyFeatured}
            </span>
          )}
        </p>
        <h2 id={headingId} className="text-lg font-bold text-slate-900">
          {job.position}
        </h2>
        <p className="flex flex-wrap gap-x-2 text-sm text-slate-600">
          <span>{job.postedAt}</span>
          <span aria-hidden="true">·</span>
          <span>{job.contract}</span>
          <span aria-hidden="true">·</span>
          <span>{job.location}</span>
        </p>
      </div>
      <ul
        aria-label={siteMessages.vacancyTags}
        className="flex flex-wrap gap-2 border-t border-slate-200 pt-4 md:border-0 md:pt-0"
      >
        {jobTags(job).map((tag) => (
          <li key={tag}>
            <button
              type="button"
              onClick={() => onTag(tag)}
              className={`min-h-9 rounded-md px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 ${selected.includes(tag) ? 'bg-teal-700 text-white' : 'bg-teal-50 text-teal-800 hover:bg-teal-700 hover:text-white'}`}
            >
              {tag}
            </button>
          </li>
        ))}
      </ul>
    </article>
  );
}
