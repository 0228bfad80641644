import { messages } from '@urok/contract';
import { SplitAuthLayout } from '../../components/layout/split-auth-layout';
import { useDocumentTitle } from '../../lib/document-title';
import { RegisterForm } from './components/register-form';

/** /registerr: the same sign-up form in a split-screen layout (loaded on demand). */
export function RegisterAltPage() {
  useDocumentTitle(messages.signUpTitle);
  return (
    <SplitAuthLayout title={messages.signUpTitle} intro={messages.signUpIntro}>
      <RegisterForm idPrefix="registerr" />
    </SplitAuthLayout>
  );
}
