import type { BlockOptions, ReportTarget, SafetyPerson } from '@/lib/safety';
import { safetyPersonName } from '@/lib/safety';
import { BlockDialog } from './block-dialog';
import { PersonMenuDialog } from './person-menu-dialog';
import { ReportDialog } from './report-dialog';

/** The dialog the provider has open. */
export type OpenSafetyDialog =
  | { kind: 'menu'; person: SafetyPerson; options: BlockOptions }
  | { kind: 'block'; person: SafetyPerson; options: BlockOptions }
  | { kind: 'report'; target: ReportTarget };

/**
 * The safety dialogs (a chunk of their own, loaded when one is first opened): a person's menu, the Block
 * confirm and the Report dialog. The menu hands over to the other two in place.
 */
export default function SafetyDialogs({
  open,
  onChange,
  onCloseAutoFocus,
}: {
  open: OpenSafetyDialog;
  onChange: (next: OpenSafetyDialog | null) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const close = () => onChange(null);
  switch (open.kind) {
    case 'menu':
      return (
        <PersonMenuDialog
          person={open.person}
          onClose={close}
          onCloseAutoFocus={onCloseAutoFocus}
          onBlock={() => onChange({ kind: 'block', person: open.person, options: open.options })}
          onReport={() =>
            onChange({
              kind: 'report',
              target: { type: 'user', id: open.person.id, name: safetyPersonName(open.person) },
            })
          }
        />
      );
    case 'block':
      return (
        <BlockDialog
          person={open.person}
          onClose={close}
          onBlocked={open.options.onBlocked}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      );
    case 'report':
      return <ReportDialog target={open.target} onClose={close} onCloseAutoFocus={onCloseAutoFocus} />;
  }
}
