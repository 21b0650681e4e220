import { seedUsers, STACK } from './stack';

/** Registers the three users through chat's API before any test (the stack is fresh for every job). */
export default async function globalSetup(): Promise<void> {
  const ids = await seedUsers();
  console.log(
    `seeded ${Object.entries(ids)
      .map(([name, id]) => `${name}=${id}`)
      .join(' ')} on ${STACK.chat}`,
  );
}
