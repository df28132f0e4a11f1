import { type MapFileField, type MapLocationInput, mapLocationInputSchema } from '@globetrail/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface LocationFieldsProps {
  location: MapLocationInput;
  onChange: (location: MapLocationInput) => void;
}

const NUMBER_FIELDS = ['lat', 'lng', 'heading', 'pitch', 'zoom'] as const;

/**
 * The selected location's fields as text boxes: where it is (a keyboard's way to move it), and
 * map-making.app's view fields. A value is taken on Enter or when the box loses focus, if
 * mapLocationInputSchema accepts it; an optional field left empty is removed.
 */
export function LocationFields({ location, onChange }: LocationFieldsProps) {
  return (
    <div className="editor-fields">
      {NUMBER_FIELDS.map((field) => (
        <LocationField key={field} field={field} location={location} onChange={onChange} />
      ))}
      <LocationField field="panoId" location={location} onChange={onChange} />
    </div>
  );
}

function LocationField({ field, location, onChange }: { field: MapFileField; location: MapLocationInput; onChange: (location: MapLocationInput) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const shown = location[field] === undefined ? '' : String(location[field]);
  const [text, setText] = useState(shown);
  const [invalid, setInvalid] = useState(false);
  const [editedFrom, setEditedFrom] = useState(shown);
  // The location changed elsewhere (dragged, another one selected): show its value again.
  if (editedFrom !== shown) {
    setEditedFrom(shown);
    setText(shown);
    setInvalid(false);
  }

  const commit = () => {
    const trimmed = text.trim();
    if (trimmed === shown) {
      setInvalid(false);
      return;
    }
    const { [field]: _previous, ...rest } = location;
    const value = field === 'panoId' ? trimmed : trimmed === '' ? undefined : Number(trimmed.replace(',', '.'));
    const candidate = trimmed === '' ? rest : { ...rest, [field]: value };
    const parsed = mapLocationInputSchema.safeParse(candidate);
    if (!parsed.success) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onChange(parsed.data);
  };

  return (
    <div className={`editor-field editor-field--${field}`}>
      <label htmlFor={id}>{t(`mapEditor.fields.${field}`)}</label>
      <input
        id={id}
        className="editor-input"
        value={text}
        inputMode={field === 'panoId' ? 'text' : 'decimal'}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-rule` : undefined}
        data-testid={`editor-field-${field}`}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
          if (event.key === 'Escape') {
            setText(shown);
            setInvalid(false);
          }
        }}
      />
      {invalid && (
        <span id={`${id}-rule`} className="form-field__error">
          {t(`mapEditor.rules.${field}`)}
        </span>
      )}
    </div>
  );
}
