/**
 * The quiz calls (DESIGN section 14), under API_BASE: apart from `API`,
 * which /login's JavaScript carries whole, so only the pages that call them
 * bring them (as LEARNING_API).
 */
const at = encodeURIComponent;

export const QUIZ_API = {
  // ---- the question bank ----
  questions: (courseId: string) => `courses/${at(courseId)}/questions`,
  question: (questionId: string) => `questions/${at(questionId)}`,
  importQuestions: (courseId: string) => `courses/${at(courseId)}/questions/import`,
  exportQuestions: (courseId: string) => `courses/${at(courseId)}/questions/export`,
  // ---- quizzes ----
  quizzes: (courseId: string) => `courses/${at(courseId)}/quizzes`,
  quiz: (quizId: string) => `quizzes/${at(quizId)}`,
  quizAttempts: (quizId: string) => `quizzes/${at(quizId)}/attempts`,
  quizStatistics: (quizId: string) => `quizzes/${at(quizId)}/statistics`,
  // ---- attempts ----
  attempt: (attemptId: string) => `attempts/${at(attemptId)}`,
  attemptAnswer: (attemptId: string, slot: number) => `attempts/${at(attemptId)}/answers/${slot}`,
  attemptSubmit: (attemptId: string) => `attempts/${at(attemptId)}/submit`,
  attemptGrade: (attemptId: string, slot: number) =>
    `attempts/${at(attemptId)}/slots/${slot}/grade`,
} as const;

/** The quiz pages' web addresses (DESIGN, "Web routes of sections 14–16"). */
export const QUIZ_ROUTES = {
  quiz: (courseId: string, quizId: string) =>
    `/mycourse-details/${at(courseId)}/quizzes/${at(quizId)}`,
  attempt: (courseId: string, quizId: string, attemptId: string) =>
    `/mycourse-details/${at(courseId)}/quizzes/${at(quizId)}/attempts/${at(attemptId)}`,
  questionBank: (courseId: string) => `/mycourse-details/${at(courseId)}/questions`,
} as const;
