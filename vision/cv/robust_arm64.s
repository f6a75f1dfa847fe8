//go:build !purego

#include "textflag.h"

// func robustRows(t, p *float32, n, w int, cap float32, limit float64) float64
//
// robust_amd64.s's loop in NEON: two rows at a time, each summed in four
// lanes (x mod 4), the lanes added ((s0 + s1) + s2) + s3 and the row's sum
// added to s and checked against limit in order; n is a multiple of 4.
// The Go assembler has no vector FSUB, FMUL, FMIN or FADD: they are
// given as WORDs (each one's instruction in its comment). FMIN, as Go's
// min, makes a NaN of a NaN; nothing here fuses a multiply and an add.
TEXT ·robustRows(SB), NOSPLIT, $0-56
	MOVD  t+0(FP), R0
	MOVD  p+8(FP), R1
	MOVD  n+16(FP), R2
	MOVD  w+24(FP), R3
	LSL   $2, R3             // a row of the window, in bytes
	LSL   $2, R2, R4         // a row of the template, in bytes
	FMOVS cap+32(FP), F1
	VDUP  V1.S[0], V1.S4     // cap in every lane
	FMOVD limit+40(FP), F2
	VEOR  V0.B16, V0.B16, V0.B16 // s
	MOVD  $0, R5             // y

rows:
	VEOR V3.B16, V3.B16, V3.B16    // row y: s0..s3
	VEOR V10.B16, V10.B16, V10.B16 // row y+1
	MOVD R0, R6              // template row y
	ADD  R4, R0, R7          // template row y+1
	MOVD R1, R8              // window row y
	ADD  R3, R1, R9          // window row y+1
	MOVD R2, R10             // columns left

cols:
	VLD1.P 16(R8), [V4.S4]
	VLD1.P 16(R6), [V5.S4]
	VLD1.P 16(R9), [V11.S4]
	VLD1.P 16(R7), [V12.S4]
	WORD $0x4ea5d484         // FSUB V4.4S, V4.4S, V5.4S: e = p - t
	WORD $0x4eacd56b         // FSUB V11.4S, V11.4S, V12.4S
	WORD $0x6e24dc84         // FMUL V4.4S, V4.4S, V4.4S: e²
	WORD $0x6e2bdd6b         // FMUL V11.4S, V11.4S, V11.4S
	WORD $0x4ea1f486         // FMIN V6.4S, V4.4S, V1.4S: min(e², cap)
	WORD $0x4ea1f56d         // FMIN V13.4S, V11.4S, V1.4S
	WORD $0x4e26d463         // FADD V3.4S, V3.4S, V6.4S
	WORD $0x4e2dd54a         // FADD V10.4S, V10.4S, V13.4S
	SUBS $4, R10
	BNE  cols

	// s += ((s0 + s1) + s2) + s3, row y then row y+1
	FMOVS F3, F8
	WORD  $0x5e0c0467        // MOV S7, V3.S[1]
	FADDS F7, F8
	WORD  $0x5e140467        // MOV S7, V3.S[2]
	FADDS F7, F8
	WORD  $0x5e1c0467        // MOV S7, V3.S[3]
	FADDS F7, F8
	FADDS F8, F0
	FCVTSD F0, F9
	FCMPD F2, F9
	BGT   done               // s > limit (never for a NaN)
	FMOVS F10, F8
	WORD  $0x5e0c0547        // MOV S7, V10.S[1]
	FADDS F7, F8
	WORD  $0x5e140547        // MOV S7, V10.S[2]
	FADDS F7, F8
	WORD  $0x5e1c0547        // MOV S7, V10.S[3]
	FADDS F7, F8
	FADDS F8, F0
	FCVTSD F0, F9
	FCMPD F2, F9
	BGT   done
	ADD   $2, R5
	ADD   R4<<1, R0
	ADD   R3<<1, R1
	CMP   R2, R5
	BLT   rows

done:
	FCVTSD F0, F0
	FMOVD  F0, ret+48(FP)
	RET
