import { createLogger, logger } from './logger';

afterEach(() => jest.restoreAllMocks());

describe('logger', () => {
  it('writes nothing in a production build', () => {
    const spies = (['error', 'warn', 'info'] as const).map((level) => jest.spyOn(console, level).mockImplementation(() => undefined));
    const silent = createLogger('production');
    silent.error('failed', new Error('x'));
    silent.warn('odd');
    silent.info('note');
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });

  it('writes to the console at its level outside production', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const cause = new Error('x');
    createLogger('development').error('List page could not be loaded', cause);
    expect(error).toHaveBeenCalledWith('List page could not be loaded', cause);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    logger.warn('test build logs');
    expect(warn).toHaveBeenCalledWith('test build logs');
  });
});
