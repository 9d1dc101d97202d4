import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LOCALES, setLanguage, useLanguage } from '@portal/i18n';

const OPTIONS = LOCALES.map((lng) => ({ value: lng, label: LANGUAGE_NAMES[lng] }));

/** The nine interface languages; setLanguage remembers the choice across reloads. */
export function LanguageSwitcher() {
  const { t } = useTranslation('shell');
  const language = useLanguage();
  return (
    <Select
      aria-label={t('header.language')}
      value={language}
      options={OPTIONS}
      onChange={(lng) => {
        void setLanguage(lng);
      }}
      prefix={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      variant="borderless"
    />
  );
}
