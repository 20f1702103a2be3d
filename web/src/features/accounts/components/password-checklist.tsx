import { checkPassword } from '@myworld/schemas';
import { CheckIcon, DotIcon } from '../../../components/ui/icons.tsx';

/** The live list of password rules (the same rules the server applies). */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul className="checklist" data-testid="password-checklist" aria-label="Password requirements">
      {checkPassword(password).map((rule) => (
        <li
          key={rule.id}
          className={`checklist__item ${rule.passed ? 'is-passed' : ''}`}
          data-testid={`password-rule-${rule.id}`}
          data-passed={rule.passed}
        >
          {rule.passed ? <CheckIcon /> : <DotIcon />}
          <span>{rule.label}</span>
          <span className="visually-hidden">{rule.passed ? ' (met)' : ' (not met)'}</span>
        </li>
      ))}
    </ul>
  );
}
