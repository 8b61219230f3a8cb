// The package ships no types; the importer uses only PhoneNumberUtil's example and format calls.
declare module 'google-libphonenumber';
