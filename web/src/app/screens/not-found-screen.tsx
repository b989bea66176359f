import { MapPinOff } from 'lucide-react';
import { MessageScreen } from '@/components/message-screen';

export default function NotFoundScreen({ embedded = false }: { embedded?: boolean }) {
  return (
    <MessageScreen
      icon={MapPinOff}
      title="Page Not Found"
      message="This page doesn't exist or has moved. Let's get you back on track."
      action="Go to Home"
      embedded={embedded}
    />
  );
}
