import { messages } from '@urok/contract';
import { AuthLayout } from '../../components/layout/auth-layout';
import { useDocumentTitle } from '../../lib/document-title';
import { LoginForm } from './components/login-form';

/** /login */
export function LoginPage() {
  useDocumentTitle(messages.signInTitle);
  return (
    <AuthLayout title={messages.signInTitle} intro={messages.signInIntro}>
      <LoginForm />
    </AuthLayout>
  );
}
