import { useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, setLanguage, type Language } from '../../lib/i18n';
import './LanguageSwitcher.css';

/** Props of LanguageSwitcher. */
export interface LanguageSwitcherProps {
  /** `menu`: a dropdown (opens on hover or click); `buttons`: one button per language. */
  variant?: 'menu' | 'buttons';
  /** Called after a language was picked, e.g. to close the mobile menu. */
  onChange?: (lang: Language) => void;
}

/** Lets the visitor pick the interface language among fr, en and ar. */
export function LanguageSwitcher({ variant = 'menu', onChange }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = i18n.resolvedLanguage ?? i18n.language;

  const pick = (lang: Language) => {
    setOpen(false);
    void setLanguage(lang).then(() => onChange?.(lang));
  };

  const options = SUPPORTED_LANGUAGES.map((lang) => (
    <li key={lang}>
      <button
        type="button"
        className="lang-option"
        lang={lang}
        aria-pressed={lang === current}
        onClick={() => pick(lang)}
      >
        {t(`language.${lang}`)}
      </button>
    </li>
  ));

  if (variant === 'buttons') {
    return (
      <ul className="lang-buttons" aria-label={t('language.label')}>
        {options}
      </ul>
    );
  }

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') setOpen(false);
  };

  return (
    <div className="lang-switcher" data-open={open || undefined} onBlur={onBlur} onKeyDown={onKeyDown}>
      <button
        type="button"
        className="lang-toggle"
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="visually-hidden">{t('language.label')} </span>
        {current.toUpperCase()}
      </button>
      <ul className="lang-menu">{options}</ul>
    </div>
  );
}
