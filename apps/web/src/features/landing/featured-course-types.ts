/** A featured course's landing page (/course-details:N): a curated programme shipped with the app. */
export interface FeaturedCourse {
  id: number;
  title: string;
  tagline: string;
  category: string;
  level: string;
  weeks: number;
  hoursPerWeek: number;
  teacher: { name: string; role: string; bio: string };
  outcomes: string[];
  modules: { title: string; lessons: string[] }[];
}
