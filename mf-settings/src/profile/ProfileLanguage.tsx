import { Select } from 'antd';
import { LANGUAGE_NAMES, LOCALES, setLanguage, useLanguage } from '@portal/i18n';
import { useSettingsTranslation } from '../i18n';

/** The same choice as the header's switcher; setLanguage saves it across reloads and mirrors Arabic. */
export function ProfileLanguage() {
  const { t } = useSettingsTranslation();
  const language = useLanguage();
  return (
    <Select
      aria-label={t('profile.language')}
      data-testid="profile-language"
      value={language}
      style={{ minWidth: 180 }}
      options={LOCALES.map((lng) => ({ value: lng, label: LANGUAGE_NAMES[lng] }))}
      onChange={(lng) => {
        void setLanguage(lng);
      }}
    />
  );
}
