import { Lock } from 'lucide-react';
import { ListEmpty } from './detail-updates';

/** In place of a protected project's updates and feedback, for someone not on its team (shared/API.md "Safety"). */
export function ProtectedNote() {
  return (
    <ListEmpty icon={<Lock className="size-6" aria-hidden />} text="FOR THE TEAM ONLY">
      <p className="max-w-xs text-sm text-muted-foreground">
        This project is protected: its updates and feedback are for its members. Request to collaborate to
        join them.
      </p>
    </ListEmpty>
  );
}
