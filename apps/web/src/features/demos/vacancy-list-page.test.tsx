import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@urok/contract';
import { DEMO_JOBS, type DemoJob } from './vacancy-data';
import { VacancyListPage } from './vacancy-list-page';

async function renderLoaded() {
  await act(async () => {
    render(<VacancyListPage loadJobs={() => Promise.resolve(DEMO_JOBS)} />);
  });
  return userEvent.setup();
}

const positions = () =>
  screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent);
const filterBar = () => screen.queryByRole('region', { name: 'Filters' });

describe('/vacancylist', () => {
  it("says 'Jobs are fetching...' while the list is empty, then shows the 10 jobs as articles", async () => {
    let deliver!: (jobs: DemoJob[]) => void;
    await act(async () => {
      render(<VacancyListPage loadJobs={() => new Promise((resolve) => (deliver = resolve))} />);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Vacancies' })).toBeTruthy();
    expect(document.title).toBe('Vacancies | Urok');
    expect(screen.getByText(messages.jobsFetching)).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);

    await act(async () => deliver(DEMO_JOBS));
    expect(screen.queryByText('Jobs are fetching...')).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    const first = screen.getByRole('article', { name: 'Senior Frontend Developer' });
    for (const text of ['Kvitka Studio', 'NEW!', 'FEATURED', '1d ago', 'Full Time', 'Remote']) {
      expect(within(first).getByText(text)).toBeTruthy();
    }
    const tags = within(within(first).getByRole('list', { name: 'Tags' })).getAllByRole('button');
    expect(tags.map((tag) => tag.textContent)).toEqual([
      'Frontend',
      'Senior',
      'HTML',
      'CSS',
      'JavaScript',
    ]);
  });

  it('the real data module loads on demand', async () => {
    await act(async () => {
      render(<VacancyListPage />);
    });
    expect(await screen.findAllByRole('article')).toHaveLength(10);
  });

  it('a clicked tag joins the filter bar; jobs matching ANY selected tag show; chips and Clear remove', async () => {
    const user = await renderLoaded();
    expect(filterBar()).toBeNull();

    const backend = screen.getByRole('article', { name: 'Junior Backend Developer' });
    await user.click(within(backend).getByRole('button', { name: 'Ruby' }));
    expect(within(filterBar()!).getByRole('button', { name: 'Remove filter Ruby' })).toBeTruthy();
    expect(positions()).toEqual(['Software Engineer', 'Junior Backend Developer']);

    // OR: adding Django widens the list.
    const engineer = screen.getByRole('article', { name: 'Software Engineer' });
    await user.click(within(engineer).getByRole('button', { name: 'Midweight' }));
    expect(positions()).toEqual([
      'Fullstack Developer',
      'Software Engineer',
      'Junior Backend Developer',
      'Full Stack Engineer',
    ]);
    expect(screen.getByText('Showing 4 of 10 jobs')).toBeTruthy();

    // A chip removes its own tag only.
    await user.click(screen.getByRole('button', { name: 'Remove filter Ruby' }));
    expect(
      within(filterBar()!)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['Remove filter Midweight', 'Clear']);
    expect(positions()).toEqual([
      'Fullstack Developer',
      'Software Engineer',
      'Full Stack Engineer',
    ]);

    // Clear empties the filter: every job is back and the bar is gone.
    await user.click(screen.getAllByRole('article')[0]!.querySelector('button')!);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(filterBar()).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(10);
  });

  it('clicking the same tag twice adds one chip', async () => {
    const user = await renderLoaded();
    const first = screen.getByRole('article', { name: 'Senior Frontend Developer' });
    await user.click(within(first).getByRole('button', { name: 'JavaScript' }));
    await user.click(
      within(screen.getByRole('article', { name: 'Senior Frontend Developer' })).getByRole(
        'button',
        { name: 'JavaScript' },
      ),
    );
    expect(within(filterBar()!).getAllByRole('button', { name: /Remove filter/ })).toHaveLength(1);
  });
});
