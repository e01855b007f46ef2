import { startChannelSim } from './app';

/**
 * `npm run channel-sim`: the booking channel simulator alone on CHANNEL_SIM_PORT (default 8090),
 * CHANNEL_SIM_HOST (default 127.0.0.1), its site kept in CHANNEL_SIM_STATE when that names a file
 * (in memory only otherwise). See docs/channel.md.
 */
const port = Number(process.env.CHANNEL_SIM_PORT ?? 8090);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`CHANNEL_SIM_PORT must be a port number, not ${process.env.CHANNEL_SIM_PORT}`);
  process.exit(1);
}
const host = process.env.CHANNEL_SIM_HOST ?? '127.0.0.1';

const sim = await startChannelSim({ port, host, stateFile: process.env.CHANNEL_SIM_STATE || undefined });
console.log(`Channel simulator on http://localhost:${sim.port}`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  sim.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
