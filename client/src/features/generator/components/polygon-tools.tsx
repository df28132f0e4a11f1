import { GENERATOR_LIMITS } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';

/** Fewest corners an area can have. */
export const MIN_CORNERS = 3;

interface PolygonToolsProps {
  corners: number;
  /** Set while a run is going: the area it searches must not change under it. */
  locked: boolean;
  onUndo: () => void;
  onClear: () => void;
  /** Id of the note that says what the area still needs (Start points at it when it cannot start). */
  noteId: string;
}

export function PolygonTools({ corners, locked, onUndo, onClear, noteId }: PolygonToolsProps) {
  const { t } = useTranslation();
  const missing = Math.max(0, MIN_CORNERS - corners);
  const reasonId = `${noteId}-reason`;
  const reason = locked ? t('generator.polygon.locked') : corners === 0 ? t('generator.polygon.empty') : null;
  return (
    <section className="generator-panel__section" aria-labelledby={`${noteId}-title`}>
      <h2 id={`${noteId}-title`} className="generator-panel__title">
        {t('generator.polygon.title')} <span className="muted">· {t('generator.polygon.corners', { count: corners })}</span>
      </h2>
      <p id={noteId} className="generator-panel__note">
        {t('generator.polygon.howTo')}{' '}
        {missing > 0 && <strong>{t('generator.polygon.needMore', { count: missing })}</strong>}
        {corners >= GENERATOR_LIMITS.maxPolygonPoints && <strong>{t('generator.polygon.full', { max: GENERATOR_LIMITS.maxPolygonPoints })}</strong>}
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button"
          onClick={onUndo}
          disabled={reason !== null}
          title={t('generator.polygon.undoLabel')}
          aria-describedby={reason ? reasonId : undefined}
          data-testid="generator-undo"
        >
          {t('generator.polygon.undo')}
        </button>
        <button
          type="button"
          className="button"
          onClick={onClear}
          disabled={reason !== null}
          title={t('generator.polygon.clearLabel')}
          aria-describedby={reason ? reasonId : undefined}
          data-testid="generator-clear"
        >
          {t('generator.polygon.clear')}
        </button>
      </div>
      {reason && (
        <p id={reasonId} className="generator-panel__reason">
          {reason}
        </p>
      )}
    </section>
  );
}
