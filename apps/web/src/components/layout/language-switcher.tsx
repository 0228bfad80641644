import { LANGUAGES, signInMessages } from '@urok/contract';
import {
  chooseLanguageSignedOut,
  languageName,
  languageShortName,
  useLanguage,
} from '../../lib/language';

/**
 * The language switcher of the pages a signed-out visitor sees (DESIGN
 * section 16): remembered on this device, and given to the account at the
 * next sign-in (app/language-sync.tsx). Each language is named in itself.
 */
export function LanguageSwitcher({
  className = '',
  compact = false,
}: {
  className?: string;
  /** Short names on a phone ('Укр', 'Eng'), full ones from the `sm` width; the button's name stays full. */
  compact?: boolean;
}) {
  const active = useLanguage();
  return (
    <div role="group" aria-label={signInMessages.languageSwitcher} className={`flex ${className}`}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={language === active}
          aria-label={compact ? languageName(language) : undefined}
          onClick={() => void chooseLanguageSignedOut(language)}
          className="min-h-11 rounded-lg px-2 text-sm sm:px-2.5 font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 aria-pressed:font-semibold aria-pressed:text-indigo-700"
        >
          {compact ? (
            <>
              <span className="sm:hidden">{languageShortName(language)}</span>
              <span className="hidden sm:inline">{languageName(language)}</span>
            </>
          ) : (
            languageName(language)
          )}
        </button>
      ))}
    </div>
  );
}
