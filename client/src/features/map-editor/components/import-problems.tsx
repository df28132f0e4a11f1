import type { MapFileProblem } from '@globetrail/contracts';
import { MAP_LIMITS } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format/use-formatters';

/** Problems listed of a refused file; the rest are counted. */
export const SHOWN_PROBLEMS = 10;

/** Why a file was refused, entry by entry (numbered from 1, as a map maker counts them). */
export function ImportProblems({ file, problems }: { file: string; problems: readonly MapFileProblem[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const describe = (problem: MapFileProblem): string => {
    switch (problem.kind) {
      case 'notJson':
      case 'notMapFile':
      case 'noLocations':
      case 'notLocation':
        return t(`mapEditor.import.problems.${problem.kind}`);
      case 'tooMany':
        return t('mapEditor.import.problems.tooMany', { count: problem.count, value: format.number(problem.count), room: format.number(problem.room), max: format.number(MAP_LIMITS.maxLocations) });
      case 'invalid':
        return t('mapEditor.import.problems.invalid', { field: problem.field, rule: t(`mapEditor.rules.${problem.field}`) });
      case 'repeats':
        return t('mapEditor.import.problems.repeats', { of: format.number(problem.of + 1) });
      case 'onMap':
        return t('mapEditor.import.problems.onMap', { of: format.number(problem.of + 1) });
      default: {
        const unhandled: never = problem;
        return unhandled;
      }
    }
  };
  const more = problems.length - SHOWN_PROBLEMS;
  return (
    <div role="alert" className="editor-problems" data-testid="editor-import-problems">
      <p className="editor-problems__title">{t('mapEditor.import.refused', { file, count: problems.length, value: format.number(problems.length) })}</p>
      <ul>
        {problems.slice(0, SHOWN_PROBLEMS).map((problem, index) => (
          <li key={index}>
            {problem.entry === null ? describe(problem) : t('mapEditor.import.entry', { entry: format.number(problem.entry + 1), problem: describe(problem) })}
          </li>
        ))}
      </ul>
      {more > 0 && <p className="editor-problems__more">{t('mapEditor.import.more', { count: more, value: format.number(more) })}</p>}
    </div>
  );
}
