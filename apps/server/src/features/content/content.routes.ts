/**
 * The content routes, registered in this order; each job's are in a file of its own
 * (outline.routes.ts, lessons.routes.ts, lesson-files.routes.ts, progress.routes.ts),
 * sharing route-helpers.ts.
 */
import type { AppInstance } from '../../app.ts';
import { lessonFileRoutes } from './lesson-files.routes.ts';
import { lessonRoutes } from './lessons.routes.ts';
import { outlineRoutes } from './outline.routes.ts';
import { progressRoutes } from './progress.routes.ts';
import { contentHooks } from './route-helpers.ts';

export async function contentRoutes(app: AppInstance): Promise<void> {
  const hooks = contentHooks(app);
  outlineRoutes(app, hooks);
  lessonRoutes(app, hooks);
  await lessonFileRoutes(app, hooks);
  progressRoutes(app, hooks);
}
