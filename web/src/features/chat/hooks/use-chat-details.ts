import { useQuery } from '@tanstack/react-query';
import { projectQuery } from '@/resources/projects';
import { connectionsQuery } from '@/resources/connections';
import { teamQuery } from '@/resources/project-parts';
import { communitiesQuery, conversationsQuery, presenceQuery } from '../api/chat';
import type { Message } from '../api/types';
import { fullName } from '../lib/format';

export interface Person {
  name: string;
  /** Their first and last names as far as they are known (the first name addresses them: 'Block Ada?'). */
  firstName: string;
  lastName: string;
  photo: string | null;
  role: string | null;
  /** My connection with them: accepted, pending (either way), or none. */
  connection: 'accepted' | 'pending' | 'none';
  bio: string | null;
}

/**
 * Who the other person of a direct chat is, from what is at hand: my connections, then the conversation list,
 * then their messages. `/ideate?chat={id}` may name someone I never spoke to; their name comes with their first
 * message.
 */
export function usePerson(userId: number | null, messages: readonly Message[]): Person | null {
  const connections = useQuery({ ...connectionsQuery(), enabled: userId !== null });
  const conversations = useQuery({ ...conversationsQuery(), enabled: userId !== null });
  if (userId === null) return null;
  const connection = connections.data?.find((c) => c.connectedUser.id === userId);
  const participant = conversations.data?.flatMap((c) => c.participants).find((p) => p.id === userId);
  const sent = messages.find((m) => m.senderId === userId);
  const user = connection?.connectedUser;
  const name =
    fullName(user?.firstName ?? participant?.firstName, user?.lastName ?? participant?.lastName) ||
    sent?.senderName ||
    participant?.username ||
    '';
  const firstName = (user?.firstName ?? participant?.firstName ?? '').trim();
  const lastName = (user?.lastName ?? participant?.lastName ?? '').trim();
  return {
    name: name || 'Chat',
    firstName: firstName || name.split(' ')[0] || '',
    lastName: firstName ? lastName : name.split(' ').slice(1).join(' '),
    photo: user?.profileImageUrl ?? participant?.profileImageUrl ?? sent?.senderProfileImageUrl ?? null,
    role: user?.role ?? participant?.role ?? null,
    connection:
      connection?.status === 'accepted' ? 'accepted' : connection?.status === 'pending' ? 'pending' : 'none',
    bio: user?.bio ?? null,
  };
}

/** Whether a person is online now (the 'ONLINE' marker); false while unknown or when the call fails. */
export function useOnline(userId: number | null): boolean {
  const { data } = useQuery({ ...presenceQuery(userId ?? 0), enabled: userId !== null });
  return data?.online === true;
}

/** A project chat's project (its title and owner). */
export function useChatProject(projectId: number | null) {
  return useQuery({ ...projectQuery(projectId ?? 0), enabled: projectId !== null });
}

/** A room, with its real member count and whether I joined. */
export function useCommunity(slug: string | null) {
  const communities = useQuery({ ...communitiesQuery(), enabled: slug !== null });
  return { ...communities, community: communities.data?.find((c) => c.slug === slug) };
}

/** A project's team for the Project Team dialog, read while it is open. */
export function useProjectTeam(projectId: number | undefined, open: boolean) {
  return useQuery({ ...teamQuery(projectId ?? 0), enabled: open && projectId !== undefined });
}
