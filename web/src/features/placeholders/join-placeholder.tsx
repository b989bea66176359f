import { Rocket } from 'lucide-react';
import { ComingSoon } from '@/features/placeholders/coming-soon';

export default function JoinPlaceholder({ projectId }: { projectId: string }) {
  return (
    <ComingSoon
      icon={Rocket}
      eyebrow="Join a project"
      heading="Joining is coming"
      text={`You followed a link to project ${projectId}. Soon you'll see its overview here and pick your role on the team.`}
      upcoming={[
        'Project overview and who they are looking for',
        'Join as innovator, collaborator or explorer',
        'Jump straight into the team chat',
      ]}
      tone="bg-phase-5 text-phase-5-foreground"
    />
  );
}
