import { messages } from '@urok/contract';
import { AuthLayout } from '../../components/layout/auth-layout';
import { useDocumentTitle } from '../../lib/document-title';
import { RegisterForm } from './components/register-form';

/** /register */
export function RegisterPage() {
  useDocumentTitle(messages.signUpTitle);
  return (
    <AuthLayout title={messages.signUpTitle} intro={messages.signUpIntro}>
      <RegisterForm />
    </AuthLayout>
  );
}
