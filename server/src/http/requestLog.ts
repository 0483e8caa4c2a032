/**
 * Fastify's own line for each request ("incoming request", "request completed", a client that went away) at
 * `debug` instead of `info`: a running server's output is then its start banner, its background work, warnings
 * and errors, and `LOG_LEVEL=debug` shows every request again. A request that failed keeps Fastify's `error` line.
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

export class RequestLogAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) super.requestCompleted(error, request, reply);
    else if (!this.isLogDisabled(request)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    const clientLeft = 'code' in error && error.code === 'ERR_STREAM_PREMATURE_CLOSE';
    if (!clientLeft) super.streamError(error, request, reply);
    else if (!this.isLogDisabled(request)) reply.log.debug({ res: reply }, 'stream closed prematurely');
  }
}
