import './generator-page.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { GeneratorParamProblem } from '../hooks/use-generator-params';
import { LIMIT_RANGE } from '../hooks/use-generator-params';
import { usePageTitle } from '../../../lib/hooks/use-page-title';

const EXAMPLE = '#/genarator/50/panoramax/FR';

/** A generator address with parts that cannot be used: each is named, with what would work instead. */
export function GeneratorParamsError({ problems }: { problems: readonly GeneratorParamProblem[] }) {
  const { t } = useTranslation();
  usePageTitle(t('generator.title'));

  return (
    <main className="generator-page generator-page--invalid" data-testid="generator-page" data-state="invalid">
      <div className="generator-invalid">
        <h1>{t('generator.params.title')}</h1>
        <ul className="generator-invalid__problems" role="alert" data-testid="generator-params-error">
          {problems.map((problem) => (
            <li key={problem.param} data-param={problem.param}>
              {problem.param === 'limit'
                ? t('generator.params.limit', { value: problem.value, min: LIMIT_RANGE.min, max: LIMIT_RANGE.max })
                : t(`generator.params.${problem.param}`, { value: problem.value })}
            </li>
          ))}
        </ul>
        <p className="muted">{t('generator.params.example', { example: EXAMPLE })}</p>
        <Link to="/" className="button button--primary">
          {t('generator.home')}
        </Link>
      </div>
    </main>
  );
}
