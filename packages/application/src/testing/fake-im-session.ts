import type { Observable } from 'rxjs';
import { ImSession, type SessionEvent } from '../ports/im-session.port';
import type { SelfInfo } from '@teamim/domain';
import { RemoteError } from '../shared/remote-error';
import { later, type GatewayDevice } from './fake-im-gateway';
import { ImErrorCode } from './fake-im-errors';

export class FakeImSession extends ImSession {
  readonly events$: Observable<SessionEvent>;
  /** When set, the next login fails with this code (e.g. to simulate 705 or a server outage). */
  failNextLoginWith: number | undefined;

  constructor(private readonly device: GatewayDevice) {
    super();
    this.events$ = device.listen(device.sink.session);
  }

  login(userID: string, token: string): Promise<void> {
    return later(() => {
      const { backend, sink } = this.device;
      if (this.device.userID !== undefined) {
        throw new RemoteError(ImErrorCode.LoginRepeated, 'login repeated');
      }
      if (this.failNextLoginWith !== undefined) {
        const code = this.failNextLoginWith;
        this.failNextLoginWith = undefined;
        throw new RemoteError(code, 'login failed');
      }
      backend.checkToken(userID, token);
      this.device.attach(userID, token);
      // The SDK reports connecting/connected then runs a sync, all after login resolves.
      void Promise.resolve().then(() => {
        sink.session.next({ type: 'connecting' });
        sink.session.next({ type: 'connectSuccess' });
        sink.session.next({ type: 'syncStart', reinstalled: false });
        sink.session.next({ type: 'syncProgress', percent: 100 });
        sink.session.next({ type: 'syncFinish' });
      });
    });
  }

  logout(): Promise<void> {
    return later(() => {
      this.device.me();
      this.device.detach();
    });
  }

  /**
   * As the OpenIM SDK does: the nickname and avatar it reports are its own copy, which follows a change
   * made through the chat API only after the server's notification reached it. While set, getSelfInfo
   * reports these instead of the backend's.
   */
  sdkProfileLag: Pick<SelfInfo, 'nickname' | 'faceURL'> | undefined;

  getSelfInfo(): Promise<SelfInfo> {
    return later(() => {
      const info = this.device.backend.user(this.device.me()).info;
      return this.sdkProfileLag === undefined ? info : { ...info, ...this.sdkProfileLag };
    });
  }

  /** Test hook: the server pushes a session event (kick, token expiry, sync…). */
  emit(event: SessionEvent): void {
    this.device.sink.session.next(event);
  }
}
