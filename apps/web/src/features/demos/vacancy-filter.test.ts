import { describe, expect, it } from 'vitest';
import { DEMO_JOBS, type DemoJob } from './vacancy-data';
import { addTag, clearTags, EMPTY_FILTER, filterJobs, jobTags, removeTag } from './vacancy-filter';

const job = (
  id: number,
  tags: Pick<DemoJob, 'role' | 'level' | 'languages' | 'tools'>,
): DemoJob => ({
  id,
  company: `Company ${id}`,
  logo: '',
  isNew: false,
  featured: false,
  position: `Position ${id}`,
  postedAt: '1d ago',
  contract: 'Full Time',
  location: 'Remote',
  ...tags,
});

const frontendReact = job(1, {
  role: 'Frontend',
  level: 'Junior',
  languages: ['JavaScript'],
  tools: ['React'],
});
const backendRuby = job(2, {
  role: 'Backend',
  level: 'Senior',
  languages: ['Ruby'],
  tools: ['RoR'],
});
const fullstackPython = job(3, {
  role: 'Fullstack',
  level: 'Midweight',
  languages: ['Python', 'JavaScript'],
  tools: ['Django'],
});
const jobs = [frontendReact, backendRuby, fullstackPython];

describe('the vacancy tag filter', () => {
  it("a job's tags are its role, level, languages and tools, in that order", () => {
    expect(jobTags(fullstackPython)).toEqual([
      'Fullstack',
      'Midweight',
      'Python',
      'JavaScript',
      'Django',
    ]);
  });

  it('shows every job while no tag is selected', () => {
    expect(filterJobs(jobs, EMPTY_FILTER)).toEqual(jobs);
  });

  it('a clicked tag joins the filter once, in click order', () => {
    let filter = addTag(EMPTY_FILTER, 'Ruby');
    filter = addTag(filter, 'Senior');
    filter = addTag(filter, 'Ruby');
    expect(filter).toEqual(['Ruby', 'Senior']);
  });

  it('a job shows when it matches ANY selected tag (OR, not AND)', () => {
    expect(filterJobs(jobs, ['React'])).toEqual([frontendReact]);
    // Frontend (job 1) or Ruby (job 2): both show although neither has both tags.
    expect(filterJobs(jobs, ['Frontend', 'Ruby'])).toEqual([frontendReact, backendRuby]);
    // A tag of any kind counts: a level, a language shared by two jobs, a tool.
    expect(filterJobs(jobs, ['Midweight'])).toEqual([fullstackPython]);
    expect(filterJobs(jobs, ['JavaScript'])).toEqual([frontendReact, fullstackPython]);
    expect(filterJobs(jobs, ['Django', 'RoR'])).toEqual([backendRuby, fullstackPython]);
  });

  it('a tag no job has shows nothing; it matches whole tags, case-sensitively', () => {
    expect(filterJobs(jobs, ['Vue'])).toEqual([]);
    expect(filterJobs(jobs, ['react'])).toEqual([]);
    expect(filterJobs(jobs, ['Java'])).toEqual([]);
  });

  it('clicking a chip removes only that tag, and the list widens again', () => {
    const filter = ['React', 'Ruby'];
    const after = removeTag(filter, 'Ruby');
    expect(after).toEqual(['React']);
    expect(filterJobs(jobs, after)).toEqual([frontendReact]);
    expect(removeTag(after, 'React')).toEqual([]);
    expect(filterJobs(jobs, removeTag(after, 'React'))).toEqual(jobs);
    // Removing a tag that is not selected changes nothing.
    expect(removeTag(filter, 'Vue')).toBe(filter);
  });

  it("'Clear' empties the filter", () => {
    expect(clearTags()).toEqual([]);
    expect(filterJobs(jobs, clearTags())).toEqual(jobs);
  });

  it('never changes the filter it is given', () => {
    const filter = Object.freeze(['React']);
    addTag(filter, 'Ruby');
    removeTag(filter, 'React');
    expect(filter).toEqual(['React']);
  });

  it('on the demo data: Frontend or Python shows 8 of the 10 jobs', () => {
    const shown = filterJobs(DEMO_JOBS, ['Frontend', 'Python']).map((j) => j.id);
    expect(shown).toEqual([1, 2, 3, 4, 7, 8, 9, 10]);
  });
});
