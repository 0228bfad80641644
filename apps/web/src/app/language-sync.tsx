import { useEffect } from 'react';
import type { UpdateUserInput } from '@urok/contract';
import { selectUser, updateUser } from '../features/auth/auth-slice';
import { useAuthDispatch, useAuthSelector } from '../features/auth/hooks';
import { changeLanguage, takeLanguageForAccount } from '../lib/language';

/**
 * Signed in, the app speaks the account's language (DESIGN section 16), on
 * every device. A language chosen on the sign-in page just before goes to
 * the account first (PUT auth/updateUser), so the choice sticks everywhere.
 */
export function LanguageSync() {
  const user = useAuthSelector(selectUser);
  const dispatch = useAuthDispatch();
  const userId = user?._id;
  const language = user?.language;
  useEffect(() => {
    if (!user) return;
    const chosen = takeLanguageForAccount();
    if (chosen && chosen !== user.language) {
      const input: UpdateUserInput = {
        username: user.username,
        telephone: user.telephone,
        email: user.email,
        bio: user.bio,
        language: chosen,
      };
      // The account's language changes, and this effect runs again with it.
      void dispatch(updateUser(input));
      return;
    }
    void changeLanguage(user.language);
    // Runs when another account signs in or the account's language changes, not on other edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, language, dispatch]);
  return null;
}
