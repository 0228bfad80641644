import { messages } from '@urok/contract';
import { SplitAuthLayout } from '../../components/layout/split-auth-layout';
import { useDocumentTitle } from '../../lib/document-title';
import { LoginForm } from './components/login-form';

/** /loginn: the same sign-in form in a split-screen layout (loaded on demand). */
export function LoginAltPage() {
  useDocumentTitle(messages.signInTitle);
  return (
    <SplitAuthLayout title={messages.signInTitle} intro={messages.signInIntro}>
      <LoginForm idPrefix="loginn" />
    </SplitAuthLayout>
  );
}
