import './legal-page.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { GlobeMark } from '../../../components/icons';
import { usePageTitle } from '../../../lib/hooks/use-page-title';

export interface LegalSection {
  title: string;
  paragraphs: string[];
}

interface LegalPageProps {
  title: string;
  updated: string;
  intro: string;
  sections: LegalSection[];
  testId: string;
}

export function LegalPage({ title, updated, intro, sections, testId }: LegalPageProps) {
  const { t } = useTranslation();
  usePageTitle(title);

  return (
    <main className="legal-page" data-testid={testId}>
      <article className="legal-page__article">
        <Link to="/" className="legal-page__back">
          <GlobeMark size={22} />
          {t('legal.back')}
        </Link>
        <h1>{title}</h1>
        <p className="muted">{updated}</p>
        <p>{intro}</p>
        {sections.map((section) => (
          <section key={section.title}>
            <h2>{section.title}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </article>
    </main>
  );
}
