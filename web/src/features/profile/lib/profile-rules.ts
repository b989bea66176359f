/** Edit Profile's rules, the server's limits (a location of at most 100 characters, a bio of at most 500). */
import * as z from 'zod/mini';

export const LOCATION_MAX_LENGTH = 100;
export const BIO_MAX_LENGTH = 500;

export const profileSchema = z.object({
  location: z
    .string()
    .check(z.maxLength(LOCATION_MAX_LENGTH, `Location must be at most ${LOCATION_MAX_LENGTH} characters`)),
  bio: z.string().check(z.maxLength(BIO_MAX_LENGTH, `Bio must be at most ${BIO_MAX_LENGTH} characters`)),
  skills: z.array(z.string()),
});
export type ProfileValues = z.infer<typeof profileSchema>;
