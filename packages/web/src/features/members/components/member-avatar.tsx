import { useState } from 'react';
import { avatarColour, initialsOf } from '../utils/avatar';
import './member-avatar.css';

/**
 * A member's picture, or the nickname's first character on a colour of their own when there is none (the sandbox
 * OAuth gives only an openid) or it fails to load. Decorative: the nickname is always written beside it.
 */
export function MemberAvatar(props: { nickname: string; headimgurl: string; seed: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  const size = props.size ?? 44;
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (props.headimgurl && !broken) {
    return (
      <img
        className="member-avatar"
        src={props.headimgurl}
        alt=""
        width={size}
        height={size}
        style={style}
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span
      className="member-avatar member-initials"
      aria-hidden="true"
      style={{ ...style, background: avatarColour(props.seed) }}
    >
      {initialsOf(props.nickname)}
    </span>
  );
}
