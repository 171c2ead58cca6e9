package org.gcs.cc; final class Placeholder {}
