import { signInMessages } from '@urok/contract';
import { AuthLayout } from '../../components/layout/auth-layout';
import { useDocumentTitle } from '../../lib/document-title';
import { LoginForm } from './components/login-form';

/** /login */
export function LoginPage() {
  useDocumentTitle(signInMessages.signInTitle);
  return (
    <AuthLayout title={signInMessages.signInTitle} intro={signInMessages.signInIntro}>
      <LoginForm />
    </AuthLayout>
  );
}
