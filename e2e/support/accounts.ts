import type { BrowserContext } from 'playwright-core';

export interface TestUser {
  email: string;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
}

let counter = 0;
export function newTestUser(label = 'user'): TestUser {
  const n = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  return {
    email: `${label}.${n}@example.test`,
    username: `${label}_${n}`.slice(0, 30),
    password: 'Sunny-Day-42',
    firstName: 'Test',
    lastName: label,
  };
}

/**
 * Registers `user` through the real API and leaves `context` signed in (its cookie jar holds the
 * session), for tests whose subject is not sign-up itself.
 */
export async function signUpAndSignIn(context: BrowserContext, baseUrl: string, user: TestUser): Promise<void> {
  const headers = { origin: baseUrl, 'content-type': 'application/json' };
  const register = await context.request.post(`${baseUrl}/api/auth/register`, {
    headers,
    data: {
      email: user.email,
      password: user.password,
      firstName: user.firstName,
      lastName: user.lastName,
      username: user.username,
      birthDate: '1990-04-01',
    },
  });
  if (!register.ok()) throw new Error(`register failed: ${register.status()} ${await register.text()}`);
  const login = await context.request.post(`${baseUrl}/api/auth/login`, {
    headers,
    data: { email: user.email, password: user.password },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
  // A page's first load sends no X-Min-Position, so /api/auth/user answers 401 until the users read
  // model knows the new account (a loaded machine lags): wait for it here, by the sign-in's position.
  const position = login.headers()['x-position'];
  for (let attempt = 1; ; attempt++) {
    const me = await context.request.get(`${baseUrl}/api/auth/user`, {
      headers: position ? { 'x-min-position': position } : {},
    });
    if (me.ok()) break;
    // Each call waits up to MIN_POSITION_WAIT_MS (2 s) for the read model before answering.
    if (attempt === 30)
      throw new Error(`the signed-in user never reached the users read model: ${me.status()} ${await me.text()}`);
  }
}
