import { useEffect, useRef, useState } from 'react';
import {
  LANGUAGES,
  messages,
  signInMessages,
  type Language,
  type UpdateUserInput,
  type User,
} from '@urok/contract';
import { FormAlert } from '../../../components/ui/form-alert';
import { changeLanguage, languageName } from '../../../lib/language';
import { updateUser } from '../auth-slice';
import { useAuthDispatch } from '../hooks';

/** Set just before the app renders anew in the chosen language: the new page says so. */
let changedTo: Language | null = null;

/**
 * /settings: the account's language (DESIGN section 16), kept by the server
 * (PUT auth/updateUser) so every device the person signs in to speaks it,
 * and applied at once, without a reload.
 */
export function LanguageSetting({ user }: { user: User }) {
  const dispatch = useAuthDispatch();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved] = useState(() => changedTo === user.language);
  const chosen = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!saved) return;
    changedTo = null;
    // The page was rendered anew: focus returns to the choice just made.
    chosen.current?.focus();
  }, [saved]);

  const choose = async (language: Language) => {
    if (language === user.language || pending) return;
    setPending(true);
    setError(null);
    const input: UpdateUserInput = {
      username: user.username,
      telephone: user.telephone,
      email: user.email,
      bio: user.bio,
      language,
    };
    const result = await dispatch(updateUser(input));
    if (updateUser.fulfilled.match(result)) {
      changedTo = language;
      await changeLanguage(language);
      return;
    }
    setPending(false);
    setError(result.payload?.message ?? signInMessages.profileUpdateFailed);
  };

  return (
    <fieldset className="space-y-3" aria-describedby="language-intro" disabled={pending}>
      <legend className="text-lg font-semibold text-slate-900">{messages.languageTitle}</legend>
      <p id="language-intro" className="text-sm text-slate-600">
        {messages.languageIntro}
      </p>
      <div className="flex flex-wrap gap-3">
        {LANGUAGES.map((language) => (
          <label
            key={language}
            lang={language}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-4 text-sm font-medium text-slate-800 has-checked:border-indigo-600 has-checked:bg-indigo-50"
          >
            <input
              ref={language === user.language ? chosen : undefined}
              type="radio"
              name="language"
              value={language}
              checked={language === user.language}
              onChange={() => void choose(language)}
              className="size-4 accent-indigo-600"
            />
            {languageName(language)}
          </label>
        ))}
      </div>
      <p role="status" className={saved ? 'text-sm text-emerald-700' : 'sr-only'}>
        {saved ? messages.languageSaved : ''}
      </p>
      <FormAlert id="language-alert" message={error} />
    </fieldset>
  );
}
