/** The answer to work a stopping server will not start: 503, and when to try again. */
import { t } from '../../shared/messages';
import { ServiceUnavailableError } from '../errors';

/** Seconds after which another instance, or this one restarted, should take the request. */
export const STOP_RETRY_AFTER_SECONDS = 5;

export const stoppingRefusal = () => new ServiceUnavailableError(t('server.stopping'), STOP_RETRY_AFTER_SECONDS);
