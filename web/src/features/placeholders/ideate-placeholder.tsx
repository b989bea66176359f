import { MessageCircle } from 'lucide-react';
import { useSearch } from 'wouter';
import { ComingSoon } from '@/features/placeholders/coming-soon';

export default function IdeatePlaceholder() {
  // /ideate?chat={userId} opens a direct chat with that user (spec 000 §2) once messaging lands.
  const chat = new URLSearchParams(useSearch()).get('chat');
  return (
    <ComingSoon
      icon={MessageCircle}
      eyebrow="Ideate"
      heading="Messages are coming"
      text={
        chat
          ? 'Your chat will open here as soon as messaging is live.'
          : 'Talk ideas through with your connections and project teams.'
      }
      upcoming={['Direct messages with your connections', 'Project team chats', 'Files and voice notes']}
      tone="bg-collaborator text-on-solid"
    />
  );
}
