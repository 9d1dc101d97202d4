/**
 * The front ends' one logger (access-shell-dashboard §8: console output is disabled in production). Failures the
 * spec keeps silent for the user are logged here; a production build (webpack sets NODE_ENV) writes nothing.
 */
export interface Logger {
  error: (message: string, ...details: unknown[]) => void;
  warn: (message: string, ...details: unknown[]) => void;
  info: (message: string, ...details: unknown[]) => void;
}

type Level = keyof Logger;

/** Whether a logger for this build writes at all: never in production. */
export const loggingEnabled = (nodeEnv: string | undefined = process.env.NODE_ENV): boolean => nodeEnv !== 'production';

/** A logger for the given build mode; `logger` below is the one every front end uses. */
export function createLogger(nodeEnv: string | undefined = process.env.NODE_ENV): Logger {
  const write =
    (level: Level) =>
    (message: string, ...details: unknown[]) => {
      if (loggingEnabled(nodeEnv)) console[level](message, ...details);
    };
  return { error: write('error'), warn: write('warn'), info: write('info') };
}

export const logger: Logger = createLogger();
