import type { DemoJob } from './vacancy-data';

/** The selected tags of the filter bar, in the order they were clicked. */
export type TagFilter = readonly string[];

export const EMPTY_FILTER: TagFilter = [];

/** A job's tags, in the order it shows them: role, level, languages, tools. */
export function jobTags(job: Pick<DemoJob, 'role' | 'level' | 'languages' | 'tools'>): string[] {
  return [job.role, job.level, ...job.languages, ...job.tools];
}

/** A clicked tag joins the filter bar once; clicking it again changes nothing. */
export function addTag(filter: TagFilter, tag: string): TagFilter {
  return filter.includes(tag) ? filter : [...filter, tag];
}

/** A clicked chip leaves the filter bar. */
export function removeTag(filter: TagFilter, tag: string): TagFilter {
  return filter.includes(tag) ? filter.filter((selected) => selected !== tag) : filter;
}

/** 'Clear' empties the filter bar. */
export function clearTags(): TagFilter {
  return EMPTY_FILTER;
}

/**
 * The jobs to show (spec section 2): every job while no tag is selected;
 * otherwise a job shows when it has ANY of the selected tags (OR filter).
 */
export function filterJobs<J extends DemoJob>(jobs: readonly J[], filter: TagFilter): J[] {
  if (filter.length === 0) return [...jobs];
  return jobs.filter((job) => jobTags(job).some((tag) => filter.includes(tag)));
}
