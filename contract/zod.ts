import { z } from 'zod';

// Zod's own messages (wrong type, too long...) in Japanese, for the server's answers and the
// console's forms alike. Rules with a message of the spec carry that message themselves.
z.config(z.locales.ja());

export { z };
