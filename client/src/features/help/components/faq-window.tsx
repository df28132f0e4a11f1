import { useTranslation } from 'react-i18next';
import { ModalWindow } from '../../../components/modal-window';

/** SPEC §2 FAQ/help: the questions new players ask, each opened with a click, Enter or Space. */
export function FaqWindow({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const items = t('faq.items', { returnObjects: true });
  return (
    <ModalWindow title={t('faq.title')} onClose={onClose} testId="faq-window">
      <p className="muted">{t('faq.intro')}</p>
      <div className="faq">
        {items.map((item, index) => (
          <details key={item.q} className="faq__item" open={index === 0}>
            <summary className="faq__question">{item.q}</summary>
            <p className="faq__answer">{item.a}</p>
          </details>
        ))}
      </div>
    </ModalWindow>
  );
}
