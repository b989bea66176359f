import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { nearbyPeopleQuery } from '../api/search';
import type { Position } from '../api/types';
import { FETCH_USERS_FAILED_TOAST } from '../lib/announce';

const NOWHERE: Position = { lat: 0, lng: 0 };

/**
 * People near `position`, nearest first (spec 001 §4, §9): empty while no position is known. A failure says
 * 'Failed to fetch users' (spec 001 §8) once.
 */
export function useNearbyPeople(position: Position | null) {
  const query = useQuery({ ...nearbyPeopleQuery(position ?? NOWHERE), enabled: position !== null });
  const { error, errorUpdatedAt } = query;

  useEffect(() => {
    if (error && errorUpdatedAt > 0) toast(FETCH_USERS_FAILED_TOAST);
  }, [error, errorUpdatedAt]);

  return query;
}
