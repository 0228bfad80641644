import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from '@urok/contract';
import { AuthLayout } from '../../components/layout/auth-layout';
import { useDocumentTitle } from '../../lib/document-title';
import { rememberReturnPath } from '../../lib/next';
import { RegisterForm } from './components/register-form';

/** /register; `?next=<a path of this site>` is where the new account starts (lib/next.ts). */
export function RegisterPage() {
  useDocumentTitle(messages.signUpTitle);
  const [params] = useSearchParams();
  useEffect(() => rememberReturnPath(params.get('next')), [params]);
  return (
    <AuthLayout title={messages.signUpTitle} intro={messages.signUpIntro}>
      <RegisterForm />
    </AuthLayout>
  );
}
