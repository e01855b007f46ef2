import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { syncHealthMessages, type SyncHealth } from '../../contract/syncHealth';
import { httpClient } from '../support/http';
import { ADMIN, startTestServer, type TestServer } from '../support/testServer';

/**
 * The channel simulator of `npm start` on a port another program holds (issue 32): the server starts
 * all the same, says at start that the simulator is not running and which variable moves it, and
 * the sync health that every screen's header reads says it to staff.
 */

let blocker: Server;
let port: number;
let server: TestServer;
const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

beforeAll(async () => {
  blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  port = (blocker.address() as { port: number }).port;
  server = await startTestServer({ CHANNEL_SIM: '1', CHANNEL_SIM_PORT: String(port) });
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => blocker.close(resolve));
  warn.mockRestore();
});

describe('the channel simulator when its port is taken', () => {
  it('says so at start, naming CHANNEL_SIM_PORT, and the sync health says it to staff', async () => {
    const said = warn.mock.calls.flat().join('\n');
    expect(said).toContain(`The channel simulator is NOT running: port ${port} is in use`);
    expect(said).toContain('CHANNEL_SIM_PORT');

    const http = httpClient(server.baseUrl);
    const { access_token } = await http.login(ADMIN);
    const health = await http.get<SyncHealth>('/api/admin/sync/health', access_token);
    expect(health.status).toBe(200);
    expect(health.body.channel_problem).toBe(syncHealthMessages.simulatorPortTaken(port));
    expect(health.body.channel_problem).toContain('CHANNEL_SIM_PORT');
  });
});
