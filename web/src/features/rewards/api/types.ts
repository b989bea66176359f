// Wire types of the rewards area, named after the server's OpenAPI schemas.
import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];
export type RewardsResponse = Schemas['RewardsResponse'];
export type RewardsUser = Schemas['RewardsUser'];
export type Level = Schemas['Level'];
export type DailyReward = Schemas['DailyReward'];
export type Achievement = Schemas['AchievementProgress'];
export type DailyTask = Schemas['DailyTaskProgress'];
export type LeaderboardEntry = Schemas['LeaderboardEntry'];
export type StoreReward = Schemas['StoreReward'];
export type ScratchResult = Schemas['ScratchResult'];
export type SpendRequest = Schemas['SpendRequest'];
export type SpendResult = Schemas['SpendResult'];
export type ClaimResult = Schemas['ClaimResult'];
