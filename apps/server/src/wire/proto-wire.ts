/** Protobuf wire types and the int32 range, shared by the writer, the reader and the field codecs. */

export const WT_VARINT = 0;
export const WT_I64 = 1;
export const WT_LEN = 2;
export const WT_I32 = 5;

export const INT32_MIN = -(2 ** 31);
export const INT32_MAX = 2 ** 31 - 1;
