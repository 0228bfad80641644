import { LANGUAGES, signInMessages, type Language } from '@urok/contract';
import { chooseLanguageSignedOut, useLanguage } from '../../lib/language';

const NAMES: Record<Language, () => string> = {
  uk: () => signInMessages.languageNameUk,
  en: () => signInMessages.languageNameEn,
};

/**
 * The language switcher of the pages a signed-out visitor sees (DESIGN
 * section 16): remembered on this device, and given to the account at the
 * next sign-in (app/language-sync.tsx). Each language is named in itself.
 */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const active = useLanguage();
  return (
    <div role="group" aria-label={signInMessages.languageSwitcher} className={`flex ${className}`}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={language === active}
          onClick={() => void chooseLanguageSignedOut(language)}
          className="min-h-11 rounded-lg px-2.5 text-sm font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 aria-pressed:font-semibold aria-pressed:text-indigo-700"
        >
          {NAMES[language]()}
        </button>
      ))}
    </div>
  );
}
