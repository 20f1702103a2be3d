/*
 * mediasoup 3.16-3.18 is written against libsrtp3 (versatica's 3.0.0 beta), which Debian 12 does
 * not package. That line of mediasoup only needs libsrtp3's buffer-based protect/unprotect calls,
 * two new error codes and srtp_stream_remove; everything else is the libsrtp2 API. This header
 * provides those on top of Debian's libsrtp2 (2.5).
 */
#ifndef MYWORLD_SRTP3_ON_SRTP2_H
#define MYWORLD_SRTP3_ON_SRTP2_H

#include <srtp2/srtp.h>

#ifdef __cplusplus
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstring>

/* Error codes libsrtp3 added after libsrtp2's last one (srtp_err_status_pkt_idx_adv = 27). */
#define srtp_err_status_buffer_small static_cast<srtp_err_status_t>(28)
#define srtp_err_status_cryptex_err static_cast<srtp_err_status_t>(29)

namespace myworld_srtp3
{
	/*
	 * libsrtp2 transforms a packet in place and may append up to `trailer` bytes; libsrtp3 reads
	 * `in` and writes `out` (which may be the same buffer) bounded by *outLen.
	 */
	template<typename InPlace>
	inline srtp_err_status_t Transform(
	  InPlace inPlace, const uint8_t* in, size_t inLen, uint8_t* out, size_t* outLen, size_t trailer)
	{
		if (inLen > INT_MAX || *outLen < inLen + trailer)
			return srtp_err_status_buffer_small;

		if (out != in)
			std::memmove(out, in, inLen);

		int len = static_cast<int>(inLen);
		const srtp_err_status_t err = inPlace(out, &len);

		if (err == srtp_err_status_ok)
			*outLen = static_cast<size_t>(len);

		return err;
	}
} // namespace myworld_srtp3

inline srtp_err_status_t srtp_protect(
  srtp_t ctx, const uint8_t* rtp, size_t rtpLen, uint8_t* srtp, size_t* srtpLen, size_t /*mkiIndex*/)
{
	return myworld_srtp3::Transform(
	  [ctx](uint8_t* p, int* l) { return ::srtp_protect(ctx, p, l); },
	  rtp,
	  rtpLen,
	  srtp,
	  srtpLen,
	  SRTP_MAX_TRAILER_LEN);
}

inline srtp_err_status_t srtp_unprotect(
  srtp_t ctx, const uint8_t* srtp, size_t srtpLen, uint8_t* rtp, size_t* rtpLen)
{
	return myworld_srtp3::Transform(
	  [ctx](uint8_t* p, int* l) { return ::srtp_unprotect(ctx, p, l); }, srtp, srtpLen, rtp, rtpLen, 0);
}

inline srtp_err_status_t srtp_protect_rtcp(
  srtp_t ctx, const uint8_t* rtcp, size_t rtcpLen, uint8_t* srtcp, size_t* srtcpLen, size_t /*mkiIndex*/)
{
	/* SRTCP also appends the 4-byte E-flag/index word. */
	return myworld_srtp3::Transform(
	  [ctx](uint8_t* p, int* l) { return ::srtp_protect_rtcp(ctx, p, l); },
	  rtcp,
	  rtcpLen,
	  srtcp,
	  srtcpLen,
	  SRTP_MAX_TRAILER_LEN + 4);
}

inline srtp_err_status_t srtp_unprotect_rtcp(
  srtp_t ctx, const uint8_t* srtcp, size_t srtcpLen, uint8_t* rtcp, size_t* rtcpLen)
{
	return myworld_srtp3::Transform(
	  [ctx](uint8_t* p, int* l) { return ::srtp_unprotect_rtcp(ctx, p, l); },
	  srtcp,
	  srtcpLen,
	  rtcp,
	  rtcpLen,
	  0);
}

/* libsrtp3 renamed srtp_remove_stream. */
inline srtp_err_status_t srtp_stream_remove(srtp_t session, uint32_t ssrc)
{
	return srtp_remove_stream(session, ssrc);
}
#endif /* __cplusplus */

#endif
